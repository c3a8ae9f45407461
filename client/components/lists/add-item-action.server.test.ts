import { describe, expect, it } from 'vitest';
import type { AppLoadContext } from 'react-router';
import type { PlatformCall, PlatformResponse } from '../../../shared/load-context';
import { addItemAction } from './add-item-action.server';

// "Add to list" into a new list: the list service refusing or failing to make the list.
const contextAnswering = (status: number) =>
  ({
    platform: {
      call: async (_call: PlatformCall): Promise<PlatformResponse<never>> =>
        ({ ok: false, status, body: { error: { message: `refused with ${status}` } } }) as never,
    },
  }) as unknown as AppLoadContext;

const newListForm = () => {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    intent: 'add-item',
    listId: 'new',
    newName: 'Weekly',
    offeringId: 'off-1',
    quantity: '1',
  }))
    form.append(name, value);
  return form;
};

/** What the action answers or throws (React Router's data() in both cases). */
async function answerOf(status: number) {
  try {
    return (await addItemAction(contextAnswering(status), newListForm())) as unknown as {
      init: { status: number };
      data: unknown;
    };
  } catch (thrown) {
    return thrown as { init: { status: number }; data: unknown };
  }
}

describe('adding to a new list the service will not make', () => {
  it('keeps a 409 as 409 with the message on the form', async () => {
    const answer = await answerOf(409);
    expect(answer.init.status).toBe(409);
    expect(answer.data).toMatchObject({ intent: 'add-item', formError: 'refused with 409' });
  });

  it('is a 400 with the message for another refusal', async () => {
    expect((await answerOf(422)).init.status).toBe(400);
  });

  it('is the page’s 502 when the service fails', async () => {
    const answer = await answerOf(503);
    expect(answer.init.status).toBe(502);
    expect(answer.data).toEqual({ message: 'refused with 503' });
  });
});
