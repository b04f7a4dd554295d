import type { FastifyReply, FastifyRequest } from 'fastify';
import { translate } from '../../i18n';
import type { Say } from '../../../../shared/backoffice/views';
import { riskNav } from '../../../../shared/backoffice/risk-views';
import { staffForm, staffOnly, staffPage, staffPageGuard, type PageContent } from '../backoffice/shell';

/** The risk desk's texts (`risk.*`) in the request's language. */
export const riskSay =
  (request: FastifyRequest): Say =>
  (key, params) =>
    translate(request.locale, `risk.${key}`, params);

/**
 * The guards of the risk desk, run before the schemas: only accounts of the `risk` role see any
 * of it. Its pages show the sign-in page to everyone else (403 for the signed in), its other
 * routes answer 401 or 403, and its forms check the token first.
 */
export const riskPages = { preValidation: staffPageGuard('risk', 'risk.not_risk') };
export const riskOnly = { preValidation: staffOnly('risk') };
export const riskForms = { preValidation: staffForm('risk') };

/** A page of the risk desk in its section `current`. */
export const riskPage = (request: FastifyRequest, reply: FastifyReply, options: PageContent & { current: string }) =>
  staffPage(request, reply, { ...options, nav: riskNav(riskSay(request), options.current) });
