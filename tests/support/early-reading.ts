import { request as httpRequest, type IncomingMessage } from 'node:http';

// A page read as a browser reads a document sent in parts (ADR 0271): resolved with its first
// chunk, as soon as it arrives, the rest read on. `rest` is the whole document, its bytes read as
// text once they are all in (a character of two bytes may be cut between chunks).
export type Reading = { response: IncomingMessage; first: string; rest: Promise<string> };

/** A GET of `url` for the shop at localhost:3000, with `cookie`. */
export function readPage(url: string, cookie?: string): Promise<Reading> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { headers: { host: 'localhost:3000', ...(cookie ? { cookie } : {}) } },
      (response) => {
        const chunks: Buffer[] = [];
        const rest = new Promise<string>((done) =>
          response.on('end', () => done(Buffer.concat(chunks).toString())),
        );
        response.on('data', (chunk: Buffer) => {
          if (chunks.length === 0) resolve({ response, first: chunk.toString(), rest });
          chunks.push(chunk);
        });
        response.on('end', () => chunks.length === 0 && resolve({ response, first: '', rest }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}
