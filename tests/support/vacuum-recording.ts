import type { Db } from '../../platform/db/db';

/**
 * `db` as the sweep and the pruners see an embedded database, recording each VACUUM asked of it
 * (in `vacuums`, in order) before it runs: what the platform's vacuum tests count.
 */
export function recordingVacuums(db: Db): {
  vacuums: string[];
  recording: Pick<Db, 'query' | 'exclusive'>;
} {
  const vacuums: string[] = [];
  const recording = {
    exclusive: true,
    query: ((sql: string, params?: readonly unknown[]) => {
      if (/^vacuum/.test(sql)) vacuums.push(sql);
      return db.query(sql, params);
    }) as Db['query'],
  };
  return { vacuums, recording };
}
