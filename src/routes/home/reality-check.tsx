import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { realityCheckActors } from '../../machines/realityCheck/realityCheck.actors';
import { realityCheckMachine } from '../../machines/realityCheck/realityCheck.machine';
import {
  selectRealityFigures,
  selectRealityOpen,
  selectRealityProblem,
  selectRealityStopping,
} from '../../machines/realityCheck/realityCheck.selectors';
import { RealityCheckModal } from '../../ui/limits/RealityCheckModal';
import { useApi, useRegisteredActor } from '../app-services';
import { problemText } from '../support/problem-text';

/** The trading room's reality check (the period is chosen on /settings/limits). */
export function RealityCheck() {
  const { t } = useTranslation();
  const api = useApi();
  const machine = useMemo(() => realityCheckMachine.provide({ actors: realityCheckActors(api.limits) }), [api]);
  const actor = useRegisteredActor('realityCheck', machine);
  const open = useSelector(actor, selectRealityOpen);
  const figures = useSelector(actor, selectRealityFigures);
  const stopping = useSelector(actor, selectRealityStopping);
  const problem = useSelector(actor, selectRealityProblem);
  return (
    <RealityCheckModal
      open={open}
      figures={figures}
      busy={stopping}
      error={problemText(t, problem, 'limits.reality.stop_failed') ?? undefined}
      onContinue={() => actor.send({ type: 'continue' })}
      onStop={() => actor.send({ type: 'stop' })}
    />
  );
}
