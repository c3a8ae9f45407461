import type { Config } from '@react-router/dev/config';
import { writeBuildMeta } from './scripts/build-meta';

export default {
  appDirectory: 'client',
  // BUILD_DIR lets several builds live side by side (parallel test runs); the gateway reads it too.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  ssr: true,
  // builds/meta/{buildId}.json beside the assets (docs/decisions/0177).
  buildEnd: async ({ reactRouterConfig }) => {
    await writeBuildMeta(reactRouterConfig.buildDirectory);
  },
  // React Router v8's behaviour now. v8_middleware stays off: it turns the load context into a
  // RouterContextProvider, which shared/load-context.ts and every loader would have to follow.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
