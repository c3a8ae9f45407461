import type { FastifyRequest } from 'fastify';

/** A gateway error answered with a 5xx, as the error plugin hands it to each reporter. */
export type ReportedError = { error: unknown; request: FastifyRequest; status: number };

/** Called for every such error (the observability plugin connects Sentry here). */
export type ErrorReporter = (report: ReportedError) => void;
