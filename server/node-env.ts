// Imported first by main.ts, before anything that loads React or another library. NODE_ENV takes
// any value (`staging`, `preview`...): production behaviour unless it is `development` or `test`
// (issue #25 item 6, as loadConfig reads it). React and the libraries read process.env.NODE_ENV
// themselves when they load and run their slow development builds for anything but
// `production`, so another value is told to them as `production`.
export const givenNodeEnv = process.env.NODE_ENV;
if (givenNodeEnv !== undefined && givenNodeEnv !== 'development' && givenNodeEnv !== 'test')
  process.env.NODE_ENV = 'production';
