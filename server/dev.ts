// npm run dev: the gateway with Vite's dev server (HMR) inside, against PLATFORM_URL.
process.env.GATEWAY_DEV = 'true';
process.env.NODE_ENV ??= 'development';
export {};
await import('./main');
