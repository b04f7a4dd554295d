import type { KyInstance } from 'ky';
import { userInfoSchema, type UserInfoUpdateRequest } from '../contract/user';
import { callApi } from '../client';
import { apiPath, formDataOf } from './payload';

type Signal = { signal?: AbortSignal };

/** The trader's personal data. The update is multipart; a cleared field travels as ''. */
export const userEndpoints = (http: KyInstance) => ({
  info: ({ signal }: Signal = {}) => callApi(http, 'get', apiPath('user/info'), userInfoSchema, { signal }),
  updateInfo: (values: UserInfoUpdateRequest, { signal }: Signal = {}) =>
    callApi(http, 'post', apiPath('user/info'), userInfoSchema, { body: formDataOf(values), signal }),
});
export type UserEndpoints = ReturnType<typeof userEndpoints>;
