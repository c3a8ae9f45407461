import { request as httpRequest, type IncomingMessage } from 'node:http';

// A page read as a browser reads a document sent in parts (ADR 0271): resolved with its first
// chunk, as soon as it arrives, the rest read on.
export type Reading = { response: IncomingMessage; first: string; rest: Promise<string> };

/** A GET of `url` for the shop at localhost:3000, with `cookie`. */
export function readPage(url: string, cookie?: string): Promise<Reading> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { headers: { host: 'localhost:3000', ...(cookie ? { cookie } : {}) } },
      (response) => {
        let first: string | null = null;
        let all = '';
        const rest = new Promise<string>((done) => response.on('end', () => done(all)));
        response.on('data', (chunk: Buffer) => {
          all += chunk.toString();
          if (first === null) resolve({ response, first: (first = chunk.toString()), rest });
        });
        response.on('end', () => first === null && resolve({ response, first: '', rest }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}
