// Imported first by main.ts, before anything that loads React or another library. NODE_ENV takes
// any value (`staging`, `preview`...): production behaviour unless it is `development` or `test`
// (issue #25 item 6, as loadConfig reads it), and none at all is production too (README; ADR
// 0312). React and the libraries read process.env.NODE_ENV themselves when they load and run their
// slow development builds for anything but `production`, so they are told `production`.
// `npm run dev` sets `development` before this runs (server/dev.ts).
export const givenNodeEnv = process.env.NODE_ENV;
if (givenNodeEnv !== 'development' && givenNodeEnv !== 'test') process.env.NODE_ENV = 'production';
