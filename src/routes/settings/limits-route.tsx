import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { limitsActors } from '../../machines/limits/limits.actors';
import { limitsMachine } from '../../machines/limits/limits.machine';
import {
  selectExcluding,
  selectExclusionAsked,
  selectLimits,
  selectLimitsInvalid,
  selectLimitsProblem,
  selectLimitsSaved,
  selectLimitsSaving,
  selectLimitsStatus,
} from '../../machines/limits/limits.selectors';
import { SettingsTabs } from '../../ui/forms/SettingsTabs';
import { ExclusionPanel } from '../../ui/limits/ExclusionPanel';
import { LimitsForm } from '../../ui/limits/LimitsForm';
import { LoadFailed } from './load-failed';
import { Skeleton } from '../../ui/primitives/Skeleton';
import { useApi, useRegisteredActor } from '../app-services';
import { problemText } from '../support/problem-text';

/** /settings/limits: the trader's limits, the reality check's period and self-exclusion. */
export default function LimitsRoute() {
  const { t } = useTranslation();
  const [location, navigate] = useLocation();
  const api = useApi();
  const machine = useMemo(() => limitsMachine.provide({ actors: limitsActors(api.limits) }), [api]);
  const actor = useRegisteredActor('limits', machine);
  const status = useSelector(actor, selectLimitsStatus);
  const limits = useSelector(actor, selectLimits);
  const problem = useSelector(actor, selectLimitsProblem);
  const saving = useSelector(actor, selectLimitsSaving);
  const saved = useSelector(actor, selectLimitsSaved);
  const asked = useSelector(actor, selectExclusionAsked);
  const excluding = useSelector(actor, selectExcluding);
  const invalid = useSelector(actor, selectLimitsInvalid);
  // A refused exclusion names its field `until`; every other refusal belongs to the form.
  const exclusionError = problem?.fields?.until;

  let body;
  if (status === 'failed') {
    body = <LoadFailed onRetry={() => actor.send({ type: 'retry' })}>{problemText(t, problem, 'limits.load_failed')}</LoadFailed>;
  } else if (status === 'loading' || !limits) {
    body = <Skeleton shape="box" height="30rem" />;
  } else {
    body = (
      <>
        <LimitsForm
          key={JSON.stringify(limits)}
          limits={limits}
          busy={saving}
          saved={saved}
          errors={invalid ? Object.fromEntries(Object.entries(invalid).map(([name, key]) => [name, t(key)])) : problem?.fields}
          formError={problem && !exclusionError ? problem.message || (problemText(t, problem, 'limits.save_failed') ?? undefined) : undefined}
          onSave={(values) => actor.send({ type: 'save', values })}
        />
        <ExclusionPanel
          exclusion={limits.exclusion}
          error={exclusionError}
          asked={asked}
          busy={excluding}
          onAsk={(request) => actor.send({ type: 'exclusion.ask', request })}
          onConfirm={() => actor.send({ type: 'exclusion.confirm' })}
          onCancel={() => actor.send({ type: 'exclusion.cancel' })}
        />
      </>
    );
  }
  return (
    <>
      <SettingsTabs current={location} onNavigate={navigate} />
      {body}
    </>
  );
}
