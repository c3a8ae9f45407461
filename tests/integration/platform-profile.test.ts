import { describe, expect, it } from 'vitest';
import {
  DeliveryAddress,
  DeliveryAddressList,
  ProfileInfo,
  profilePaths,
} from '../../shared/contracts/profile';
import { address, newShopper, startProfilePlatform } from './platform-profile-support';

// The profile service over real HTTP: info, and delivery addresses with one default.
const profile = startProfilePlatform();

describe('profile info', () => {
  it('reads and changes name and phone; the e-mail stays as it is', async () => {
    const token = await newShopper();
    const before = ProfileInfo.parse(
      await (await profile.platform.call(profilePaths.info, { token })).json(),
    );
    expect(before).toMatchObject({ firstName: 'Pat', lastName: 'Profile', phone: '' });
    const response = await profile.platform.call(profilePaths.info, {
      method: 'PUT',
      token,
      body: {
        firstName: ' Patricia ',
        lastName: 'Profile',
        phone: '+353 1 555 0123',
        email: 'evil@example.com',
      },
    });
    expect(response.status).toBe(200);
    expect(ProfileInfo.parse(await response.json())).toEqual({
      email: before.email,
      firstName: 'Patricia',
      lastName: 'Profile',
      phone: '+353 1 555 0123',
    });
    const bad = await profile.platform.call(profilePaths.info, {
      method: 'PUT',
      token,
      body: { firstName: '', lastName: 'x', phone: 'call me' },
    });
    expect(bad.status).toBe(400);
    const { message } = (await bad.json()).error;
    expect(message).toContain('firstName');
    expect(message).toContain('phone');
  });

  it('answers 401 without a signed-in account', async () => {
    const guest = await profile.platform.tokenFor({
      principalId: 'guest:p',
      accountId: null,
      tenantId: 'fresh',
    });
    for (const path of [profilePaths.info, profilePaths.addresses, profilePaths.paymentMethods]) {
      expect((await profile.platform.call(path)).status).toBe(401);
      expect((await profile.platform.call(path, { token: guest })).status).toBe(401);
    }
  });
});

describe('delivery addresses', () => {
  it('creates, lists (default first), replaces and deletes, keeping exactly one default', async () => {
    const token = await newShopper();
    const first = DeliveryAddress.parse(
      await (
        await profile.platform.call(profilePaths.addresses, {
          method: 'POST',
          token,
          body: address('1 First St'),
        })
      ).json(),
    );
    expect(first.isDefault).toBe(true);
    const created = await profile.platform.call(profilePaths.addresses, {
      method: 'POST',
      token,
      body: address('2 Second St', true),
    });
    expect(created.status).toBe(201);
    const second = DeliveryAddress.parse(await created.json());
    const list = DeliveryAddressList.parse(
      await (await profile.platform.call(profilePaths.addresses, { token })).json(),
    );
    expect(list.items.map((a) => [a.line1, a.isDefault])).toEqual([
      ['2 Second St', true],
      ['1 First St', false],
    ]);

    const replaced = await profile.platform.call(profilePaths.address(first.id), {
      method: 'PUT',
      token,
      body: { ...address('1b First St'), instructions: 'Ring twice', line2: 'Flat 2' },
    });
    expect(replaced.status).toBe(200);
    expect(DeliveryAddress.parse(await replaced.json())).toMatchObject({
      line1: '1b First St',
      line2: 'Flat 2',
      instructions: 'Ring twice',
      isDefault: false,
    });

    expect(
      (await profile.platform.call(profilePaths.address(second.id), { method: 'DELETE', token }))
        .status,
    ).toBe(204);
    const after = DeliveryAddressList.parse(
      await (await profile.platform.call(profilePaths.addresses, { token })).json(),
    );
    expect(after.items.map((a) => [a.id, a.isDefault])).toEqual([[first.id, true]]);
  });

  it("hides other shoppers' addresses (404) and refuses bad input with a 400 naming the fields", async () => {
    const token = await newShopper();
    const other = await newShopper();
    const mine = DeliveryAddress.parse(
      await (
        await profile.platform.call(profilePaths.addresses, {
          method: 'POST',
          token,
          body: address('3 Third St'),
        })
      ).json(),
    );
    expect(
      (
        await profile.platform.call(profilePaths.address(mine.id), {
          method: 'PUT',
          token: other,
          body: address('stolen'),
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await profile.platform.call(profilePaths.address(mine.id), {
          method: 'DELETE',
          token: other,
        })
      ).status,
    ).toBe(404);
    expect(
      DeliveryAddressList.parse(
        await (await profile.platform.call(profilePaths.addresses, { token: other })).json(),
      ).items,
    ).toEqual([]);

    const bad = await profile.platform.call(profilePaths.addresses, {
      method: 'POST',
      token,
      body: { name: 'x', line1: '', city: 5 },
    });
    expect(bad.status).toBe(400);
    const { message } = (await bad.json()).error;
    for (const field of ['line1', 'postcode', 'city', 'country']) expect(message).toContain(field);
  });
});
