// Paths that could escape their /api/services/{service}/ prefix once some hop normalises or decodes
// them (security checklist, path escape row; cf. GHSA-2q7r-29rg-6m5h). Checked on the raw
// path before any credential is attached, so the upstream never sees them. Returns the reason, or
// null when the path is safe to forward as is.
const CONTROL = /[\x00-\x1f\x7f]/;
// Encoded slash, backslash, percent (double encoding), NUL, CR and LF.
const ENCODED_SEPARATOR = /%(2f|5c|25|00|0a|0d)/i;
const STILL_ENCODED = /%[0-9a-f]{2}/i;

// A path of plain characters only (no `%`, backslash or control character) and without "/."
// cannot hold a dot segment or anything encoded: the common case needs one test, not the decode.
const PLAIN = /^[A-Za-z0-9\-._~/!$&'()*+,;=:@]*$/;

export function findPathEscape(rawPath: string): string | null {
  if (PLAIN.test(rawPath) && !rawPath.includes('/.'))
    return rawPath.includes('//') ? 'empty segment (//)' : null;
  if (CONTROL.test(rawPath)) return 'control character';
  if (rawPath.includes('\\')) return 'backslash';
  if (rawPath.includes('//')) return 'empty segment (//)';
  if (ENCODED_SEPARATOR.test(rawPath)) return 'encoded separator or double encoding';

  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return 'malformed percent-encoding';
  }
  if (CONTROL.test(decoded)) return 'control character';
  if (decoded.includes('\\') || decoded.includes('//')) return 'encoded separator';
  if (STILL_ENCODED.test(decoded)) return 'double encoding';
  // `.` and `..` segments, raw or encoded (%2e%2e), including ones hidden behind ;matrix params.
  const dotSegment = decoded.split('/').some((segment) => /^\.{1,2}(;.*)?$/.test(segment));
  return dotSegment ? 'dot segment' : null;
}
