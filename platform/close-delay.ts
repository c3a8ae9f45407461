// How long the platform's close may take after SIGTERM or SIGINT (./main.ts): the demo provider,
// the server's requests in flight, the database. Past it close-with-grace exits 1. The Kubernetes
// grace period (deploy/k8s/platform.yaml) holds it after the preStop wait (docs/decisions/0349).
export const CLOSE_DELAY_MS = 10_000;
