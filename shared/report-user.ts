/**
 * Who a failure report names (the specification, section 8): the signed-in visitor's account id,
 * login and e-mail, on the browser's reports and the gateway's alike. A guest is named by nothing.
 */
export type ReportUser = { id: string; login: string | null; email: string | null };
