import type { Provider } from 'oidc-provider';

// oidc-provider 9 prints "Unsupported runtime" once, when loaded on Node.js 20 (it tests on 22+).
// The shop runs on Node 20 (package.json engines) and the provider's flows pass their tests here,
// so that one line is dropped; any other warning of the library still shows.
export async function loadProvider(): Promise<typeof Provider> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('Unsupported runtime')) warn(...args);
  };
  try {
    return (await import('oidc-provider')).default;
  } finally {
    console.warn = warn;
  }
}
