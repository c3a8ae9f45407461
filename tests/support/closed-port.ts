// A port nothing listens on, for "the replica / service / Redis is gone" cases. A port that
// `freePort()` found free stays free only until another test file running meanwhile listens on
// port 0 and the kernel hands it that port (a balancer test once met a gateway there: a 404 for
// its 503). A port below 1024 is never handed out for port 0, and no test listens on this one.
export const CLOSED_PORT = 1;
