// The last page number a listing (search, brand, category) may be asked for: the platform's bound
// in the upstream contract, and the gateway's pages ask for nothing above it. No zod here: the
// browser's catalogue code reads it too.
export const MAX_PAGE = 1000;
