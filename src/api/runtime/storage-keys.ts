/**
 * Every web-storage key (and event name) the console's API layer writes, in one place. Imports
 * nothing: the inline scripts the build writes into index.html read the connection's key from here too.
 */

/** Where the connection is kept: sessionStorage (this tab only), or localStorage when remembered. */
export const STORAGE_KEY = 'analytics-console:connection';
/**
 * The keys remembered for saved connections other than the current one, by host (localStorage):
 * a remembered key moves here when the person switches to another host, and back when they `Use`
 * that host again. Each keeps its `Forget the key after` deadline.
 */
export const REMEMBERED_KEYS_STORAGE_KEY = 'analytics-console:remembered-keys';
/** The key's access kept with the connection (src/api/runtime/access-storage.ts); it goes when the connection changes. */
export const ACCESS_STORAGE_KEY = 'analytics-console:access';
/** Carries Connect's notice over the reload that loosens a locked page's policy (never the key). */
export const NOTICE_STORAGE_KEY = 'analytics-console:disconnect-notice';
/** The other tabs' channel (src/api/runtime/tab-channel.ts). */
export const CHANNEL_NAME = 'analytics-console:tabs';
/** The fallback's carrier: set and removed at once, so it never lingers in storage. */
export const TAB_MESSAGE_STORAGE_KEY = 'analytics-console:tab-message';
