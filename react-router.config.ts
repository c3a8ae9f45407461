import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'client',
  buildDirectory: 'build',
  ssr: true,
} satisfies Config;
