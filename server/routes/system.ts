/**
 * GET /v1/health (engine and database checks) and GET /v1/openapi.json (the OpenAPI 3.1 document).
 */
import type { Hono } from 'hono';
import type { AppEnv, AppState } from '../context';
import { readQuery } from '../input';
import { buildOpenApi } from '../openapi';

/** Mounts health and the OpenAPI document. */
export function mountSystemRoutes(app: Hono<AppEnv>, state: AppState): void {
  app.get('/v1/health', async (c) => {
    readQuery(c, {});
    const [engine, database] = await Promise.all([state.deps.pool.check().catch(() => false), state.deps.store.ping().catch(() => false)]);
    const healthy = engine && database;
    const now = state.now();
    c.header('Cache-Control', 'no-store');
    return c.json(
      {
        status: healthy ? 'healthy' : 'degraded',
        timestamp: new Date(now).toISOString(),
        version: state.deps.version,
        uptimeS: Math.floor((now - state.startedAt) / 1000),
        checks: { engine: engine ? 'healthy' : 'unhealthy', database: database ? 'healthy' : 'unhealthy' },
      },
      healthy ? 200 : 503,
    );
  });

  const document = JSON.stringify(buildOpenApi(state.deps.version, state.config));
  app.get('/v1/openapi.json', (c) => {
    readQuery(c, {});
    c.header('Content-Type', 'application/json; charset=UTF-8');
    c.header('Cache-Control', 'public, max-age=300');
    return c.body(document);
  });
}
