import type { AppSnapshot } from './app.machine';

export const selectUser = (snapshot: AppSnapshot) => snapshot.context.user;
/** The start sequence has not finished: the screen waits (a failed start shows the error page). */
export const selectBooting = (snapshot: AppSnapshot) => snapshot.matches('booting');
export const selectBootFailed = (snapshot: AppSnapshot) => snapshot.matches('failed');
export const selectBootError = (snapshot: AppSnapshot) => snapshot.context.error;
export const selectMenus = (snapshot: AppSnapshot) => snapshot.context.menus;
export const selectSiteBlocked = (snapshot: AppSnapshot) => snapshot.context.siteBlocked;
export const selectSiteSettings = (snapshot: AppSnapshot) => snapshot.context.siteSettings;
export const selectChunkFailed = (snapshot: AppSnapshot) => snapshot.context.chunkFailed;
