import ky from 'ky';
import { describe, expect, test } from 'vitest';
import { depositEndpoints } from '../../../src/api/endpoints/deposit';
import { paymentsEndpoints } from '../../../src/api/endpoints/payments';
import { securityEndpoints } from '../../../src/api/endpoints/security';
import { browserPasskeyPrompt } from '../../../src/api/passkey-prompt';
import { tournamentsEndpoints } from '../../../src/api/endpoints/tournaments';
import { withdrawEndpoints } from '../../../src/api/endpoints/withdraw';
import { depositActors } from '../../../src/machines/deposit/deposit.actors';
import { depositMachine } from '../../../src/machines/deposit/deposit.machine';
import { financesActors } from '../../../src/machines/finances/finances.actors';
import { financesMachine } from '../../../src/machines/finances/finances.machine';
import { paymentStatusActors } from '../../../src/machines/payment-status/payment-status.actors';
import { paymentStatusMachine } from '../../../src/machines/payment-status/payment-status.machine';
import { purchaseActors } from '../../../src/machines/purchase/purchase.actors';
import { purchaseMachine } from '../../../src/machines/purchase/purchase.machine';
import { tournamentActors } from '../../../src/machines/tournament/tournament.actors';
import { tournamentMachine } from '../../../src/machines/tournament/tournament.machine';
import { withdrawActors } from '../../../src/machines/withdraw/withdraw.actors';
import { withdrawMachine } from '../../../src/machines/withdraw/withdraw.machine';

const http = ky.create({ prefixUrl: 'http://app.test/' });
const deposit = depositEndpoints(http);
const withdraw = withdrawEndpoints(http);
const tournaments = tournamentsEndpoints(http);

const keys = (record: object) => Object.keys(record).sort();

describe('every effect a money machine declares is provided over the api', () => {
  test.each([
    ['withdraw', withdrawMachine, withdrawActors({ withdraw, security: securityEndpoints(http) }, browserPasskeyPrompt)],
    ['deposit', depositMachine, depositActors(deposit)],
    ['purchase', purchaseMachine, purchaseActors(tournaments, deposit)],
    ['paymentStatus', paymentStatusMachine, paymentStatusActors(deposit)],
    ['finances', financesMachine, financesActors(withdraw, paymentsEndpoints(http), deposit)],
    ['tournament', tournamentMachine, tournamentActors(tournaments)],
  ] as const)('%s', (_name, machine, actors) => {
    expect(keys(actors)).toEqual(keys(machine.implementations.actors));
  });
});
