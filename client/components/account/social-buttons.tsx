// "Continue with ..." for each configured provider: a plain form post (with or without JavaScript)
// to /social-login, whose action starts the provider's sign-in and redirects the browser there.
export function SocialButtons(props: {
  providers: readonly { id: string; name: string }[];
  returnTo: string;
}) {
  if (props.providers.length === 0) return null;
  return (
    <form
      method="post"
      action={`/social-login?returnTo=${encodeURIComponent(props.returnTo)}`}
      className="social-buttons"
    >
      <input type="hidden" name="intent" value="social" />
      <input type="hidden" name="returnTo" value={props.returnTo} />
      {props.providers.map((provider) => (
        <button key={provider.id} type="submit" name="provider" value={provider.id}>
          Continue with {provider.name}
        </button>
      ))}
      <p className="social-or">or sign in with your e-mail</p>
    </form>
  );
}
