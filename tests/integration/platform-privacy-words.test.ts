import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentPage, cmsPaths } from '../../shared/contracts/cms';
import { startPlatform, TENANTS, type TenantKey, type TestPlatform } from '../support/platform';

// What the shops' privacy policy says of cookies and measurement is what the shop does
// (docs/decisions/0377): it said "We use two cookies to keep you signed in. They cannot be read
// by scripts on the page." beside a consent banner that asks to count how the shop is used and
// keeps the choice in a cookie the page reads, and it said nothing of that measurement.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(() => platform.close());

describe.each(Object.keys(TENANTS) as TenantKey[])('the privacy policy of %s', (tenant) => {
  it('names the measurement the banner asks consent for, and where the choice is changed', async () => {
    const page = ContentPage.parse(
      await (await platform.call(cmsPaths.policy('privacy'), { tenant })).json(),
    );
    const text = page.body.map((block) => ('items' in block ? block.items : [block.text])).flat();
    const section = (heading: string) => text[text.indexOf(heading) + 1] ?? '';
    expect(section('Measurement')).toContain(
      'Only with your consent we count how the shop is used',
    );
    expect(section('Measurement')).toContain('"Privacy choices" at the foot of every page');
    expect(section('Cookies')).toContain('keeps your privacy choice');
    expect(text.join(' ')).not.toContain('two cookies');
  });
});
