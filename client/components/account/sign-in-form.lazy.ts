// The sign-in form as the profile menu loads it, on first open. The sign-in page renders the same
// form statically (routes/social-login.tsx); only this module is imported dynamically, so the
// bundler sees one lazy entry and keeps the form out of the first load (issue #11 item 3).
export { SignInForm } from './sign-in-form';
