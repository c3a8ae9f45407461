import { z } from 'zod';
import type { Db } from '../../db/db';
import { notFound } from '../../http/errors';
import type { ServiceApp } from '../service';

// GET /images/:productId/:n.svg. Pictures are composed at seed time (docs/decisions/0161) and the
// same for every shop, so no tenant is needed and shared caches may keep them for a day.
const ImageParams = z.object({
  productId: z.string().min(1).max(100),
  file: z.string().regex(/^[1-9]\.svg$/, 'expected <n>.svg with n from 1 to 9'),
});

export function registerImageRoutes(app: ServiceApp, db: Db): void {
  app.get(
    '/images/:productId/:file',
    {
      schema: {
        summary: 'Picture n of a product (SVG)',
        tags: ['catalogue'],
        params: ImageParams,
        shop: false,
        answers: { 200: { description: 'The picture', contentType: 'image/svg+xml' } },
      },
    },
    async (request, reply) => {
      const { productId, file } = request.params;
      const n = Number(file[0]);
      const { rows } = await db.query<{ svg: string }>(
        'select svg from product_images where product_id = $1 and n = $2',
        [productId, n],
      );
      const picture = rows[0];
      if (!picture) throw notFound(`No picture ${n} of product ${productId}`);
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(picture.svg);
    },
  );
}
