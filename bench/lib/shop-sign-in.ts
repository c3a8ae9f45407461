import { request } from 'undici';

/**
 * Signs the demo shopper in through the gateway at `origin` and puts something in the cart (so
 * that a checkout quotes it): the Cookie header its pages then carry.
 */
export async function signInWithCart(origin: string): Promise<string> {
  const headers = { 'content-type': 'application/json', origin, 'x-csrf': '1' };
  const answer = await request(`${origin}/auth/sign-in`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: 'shopper@example.com', password: 'demo1234' }),
  });
  await answer.body.text();
  const setCookie = answer.headers['set-cookie'];
  const lines = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const cookie = lines.map((line) => line.split(';')[0]).join('; ');
  if (answer.statusCode !== 200 || !cookie) throw new Error(`sign-in: ${answer.statusCode}`);
  const search = await request(`${origin}/api/services/catalogue/api/v1/search?q=milk`);
  const { items } = (await search.body.json()) as { items: { offering: { id: string } }[] };
  const put = await request(
    `${origin}/api/services/booking-ms/api/v1/bookings/cart/tenant/fresh/item`,
    {
      method: 'PUT',
      headers: { ...headers, cookie },
      body: JSON.stringify({ offeringId: items[0]!.offering.id, quantity: 1, byCase: false }),
    },
  );
  await put.body.text();
  return cookie;
}
