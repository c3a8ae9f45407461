import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'client',
  // BUILD_DIR lets several builds live side by side (parallel test runs); the gateway reads it too.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  ssr: true,
} satisfies Config;
