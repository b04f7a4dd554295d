/**
 * The server project's setup: Intl.DurationFormat, which Node 20 lacks, as the server's entry
 * (server/src/main.ts) loads it before anything writes a duration.
 */
import '@formatjs/intl-durationformat/polyfill.js';
