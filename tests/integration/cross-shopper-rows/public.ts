// The operations the cross-shopper table has no row for, and why (../cross-shopper-table.ts): an
// operation neither in a row nor here fails the coverage test.

/**
 * Operations anyone may call and that name no shopper's thing: the shop's content and catalogue
 * (public by the specification), and the token and registration endpoints, which take what the
 * caller holds (a password, a refresh token, a key from an e-mail) and hand out or end only the
 * session of whoever holds it. The proxy refuses uaa's token paths (server/proxy/services.ts).
 */
export const PUBLIC: readonly string[] = [
  'cmsGetHome',
  'cmsGetPages',
  'cmsGetPagesByPageId',
  'cmsGetPolicies',
  'cmsGetPoliciesByPolicyCode',
  'uaaPostAuthSignIn',
  'uaaPostAuthGuest',
  'uaaPostAuthRefresh',
  // Ends the session named by the token or refresh token sent: holding A's token is being A.
  'uaaPostAuthSignOut',
  'uaaPostAuthExternal',
  'uaaPostRegister',
  'uaaPostActivate',
  'uaaPostAccountResetPasswordInit',
  'uaaPostAccountResetPasswordFinish',
  'catalogueGetProductsBySlug',
  'catalogueGetProductsFeatured',
  'catalogueGetProductsByIdRelated',
  'catalogueGetOfferings',
  'catalogueGetBrands',
  'catalogueGetBrandsByBrandSlug',
  'catalogueGetCategories',
  'catalogueGetCategoriesBySlug',
  'catalogueGetSearch',
  'catalogueGetSuggest',
  'catalogueGetImagesByProductIdByFile',
];
