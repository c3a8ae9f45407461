import type { ServicePlugin } from '../service';
import { accountRoutes } from './account-routes';
import { authRoutes } from './auth-routes';
import { externalRoutes } from './external-routes';
import { identityRoutes } from './identity-routes';
import { registerUaaErrors } from './errors';
import { registrationRoutes } from './registration-routes';

// uaa: accounts and sessions. Access tokens are short-lived signed JWTs (platform/auth/tokens.ts);
// refresh tokens are opaque, stored hashed, rotated on every use (./refresh-tokens.ts).
const uaa: ServicePlugin = async (app, options) => {
  registerUaaErrors(app);
  await authRoutes(app, options);
  await accountRoutes(app, options);
  await registrationRoutes(app, options);
  await externalRoutes(app, options);
  await identityRoutes(app, options);
};
export default uaa;
