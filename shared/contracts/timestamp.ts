import { z } from 'zod';

// A moment in an answer: an RFC 3339 date-time with its offset (`2026-11-21T10:00:00.000Z`). The
// pages read it so (a day from its first ten characters, a time through Date), so the contract
// says so (`format: date-time`, which the conformance kit checks); the parse stays a plain
// string, so an odd date shows as a wrong date rather than an error page (docs/decisions/0343).
export const Timestamp = z.string().meta({ format: 'date-time' });
