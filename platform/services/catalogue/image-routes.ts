import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/db';
import { notFound, parse } from '../../http/errors';
import { productSvg, type ImageSubject } from './image';

// GET /images/:productId/:n.svg. Pictures are the same for every shop, so no tenant is needed and
// shared caches may keep them for a day.
const ImageParams = z.object({
  productId: z.string().min(1).max(100),
  file: z.string().regex(/^[1-9]\.svg$/, 'expected <n>.svg with n from 1 to 9'),
});

export function registerImageRoutes(app: FastifyInstance, db: Db): void {
  app.get(
    '/images/:productId/:file',
    {
      config: {
        openapi: {
          summary: 'Picture n of a product (generated SVG)',
          tags: ['catalogue'],
          params: ImageParams,
        },
      },
    },
    async (request, reply) => {
      const { productId, file } = parse(ImageParams, request.params, 'path');
      const n = Number(file[0]);
      const { rows } = await db.query<ImageSubject & { image_count: number }>(
        `select p.id, p.name, b.name as brand, c.slug as "categorySlug", p.image_count
         from products p join brands b on b.id = p.brand_id join categories c on c.id = p.category_id where p.id = $1`,
        [productId],
      );
      const subject = rows[0];
      if (!subject || n > subject.image_count)
        throw notFound(`No picture ${n} of product ${productId}`);
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(productSvg(subject, n));
    },
  );
}
