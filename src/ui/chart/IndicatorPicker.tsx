import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { styled } from '../stitches.config';
import { Button } from '../primitives/Button';
import { SelectField, TextField } from '../primitives/Field';
import { Sheet } from '../primitives/Sheet';
import {
  INDICATOR_KINDS,
  MAX_INDICATORS_PER_CHART,
  OVERLAY_INDICATORS,
  PRICE_SOURCES,
} from '../../shared/chart-indicators';
import type { IndicatorKind, IndicatorSettings, PriceSource } from '../../shared/chart-indicators';
import { INDICATORS, indicatorTitle } from './indicators/catalogue';
import { toolbarControl } from './ToolbarSelect';

interface IndicatorTemplateView {
  name: string;
  count: number;
}

export interface IndicatorPickerProps {
  indicators: readonly IndicatorSettings[];
  templates: readonly IndicatorTemplateView[];
  onAdd: (kind: IndicatorKind) => void;
  onChange: (settings: IndicatorSettings) => void;
  onRemove: (id: string) => void;
  onSaveTemplate: (name: string) => void;
  onApplyTemplate: (name: string) => void;
  onRemoveTemplate: (name: string) => void;
  /** Opens the panel at once (a story of the open state). */
  initiallyOpen?: boolean;
}

const Toggle = styled('button', toolbarControl, { '&:hover': { backgroundColor: '$surfaceHover' } });
const Section = styled('section', { display: 'flex', flexDirection: 'column', gap: '$3', marginBottom: '$5' });
const Heading = styled('h3', { fontSize: '$md', fontWeight: '$bold' });
const Row = styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '$2' });
const List = styled('ul', { listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '$2', padding: 0 });
const Item = styled('li', { border: '1px solid $border', borderRadius: '$md', padding: '$2 $3' });
const Swatch = styled('span', {
  display: 'inline-block',
  width: 10,
  height: 10,
  borderRadius: '50%',
  marginInlineEnd: '$2',
});
const Name = styled('span', { fontWeight: '$medium', marginInlineEnd: 'auto' });
const Muted = styled('p', { color: '$textMuted', fontSize: '$sm' });
const ColorInput = styled('input', {
  width: '3rem',
  height: '$control',
  border: '1px solid $borderStrong',
  borderRadius: '$md',
  backgroundColor: '$bg',
});
const ColorLabel = styled('label', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$1',
  fontSize: '$sm',
  fontWeight: '$medium',
});

/** A text field's whole number in [min, max], or null. */
function wholeIn(text: string, min: number, max: number) {
  if (!/^\d{1,3}$/.test(text.trim())) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

function SettingsEditor({
  settings,
  onApply,
  onCancel,
}: {
  settings: IndicatorSettings;
  onApply: (s: IndicatorSettings) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const definition = INDICATORS[settings.kind];
  const [periods, setPeriods] = useState(settings.periods.slice(0, definition.periodCount).map(String));
  const [multiplier, setMultiplier] = useState(String(settings.multiplier));
  const [source, setSource] = useState<PriceSource>(settings.source);
  const [color, setColor] = useState(settings.color);
  const [width, setWidth] = useState(String(settings.width));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const apply = () => {
    const found: Record<string, string> = {};
    const parsed = periods.map((text, i) => {
      const value = wholeIn(text, 1, 500);
      if (value === null) found[`period${i}`] = t('trading.chart.indicators.periodInvalid', { min: 1, max: 500 });
      return value ?? 0;
    });
    const factor = Number(multiplier.replace(',', '.'));
    if (definition.usesMultiplier && !(Number.isFinite(factor) && factor > 0 && factor <= 100)) {
      found.multiplier = t('trading.chart.indicators.multiplierInvalid');
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    onApply({
      ...settings,
      periods: parsed.length ? parsed : settings.periods,
      multiplier: definition.usesMultiplier ? factor : settings.multiplier,
      source,
      color,
      width: Number(width),
    });
  };

  return (
    <Section
      aria-label={t('trading.chart.indicators.settingsOf', {
        name: t(`trading.chart.indicators.kind.${settings.kind}`),
      })}
    >
      <Row>
        {periods.map((value, i) => (
          <TextField
            key={i}
            label={
              definition.periodCount > 1
                ? t('trading.chart.indicators.periodN', { n: i + 1 })
                : t('trading.chart.indicators.period')
            }
            inputMode="numeric"
            value={value}
            error={errors[`period${i}`]}
            onChange={(next) => setPeriods((all) => all.map((v, j) => (j === i ? next : v)))}
          />
        ))}
        {definition.usesMultiplier && (
          <TextField
            label={t(`trading.chart.indicators.multiplier.${settings.kind}`, {
              defaultValue: t('trading.chart.indicators.multiplierLabel'),
            })}
            inputMode="decimal"
            value={multiplier}
            error={errors.multiplier}
            onChange={setMultiplier}
          />
        )}
        {definition.usesSource && (
          <SelectField
            label={t('trading.chart.indicators.source')}
            value={source}
            options={PRICE_SOURCES.map((option) => ({
              value: option,
              label: t(`trading.chart.indicators.sources.${option}`),
            }))}
            onChange={(value) => setSource(value as PriceSource)}
          />
        )}
        <ColorLabel>
          {t('trading.chart.indicators.color')}
          <ColorInput type="color" value={color} onChange={(event) => setColor(event.target.value)} />
        </ColorLabel>
        <SelectField
          label={t('trading.chart.indicators.width')}
          value={width}
          options={[1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: String(n) }))}
          onChange={setWidth}
        />
      </Row>
      <Row>
        <Button size="sm" onClick={apply}>
          {t('trading.chart.indicators.apply')}
        </Button>
        <Button size="sm" variant="outline" onClick={onCancel}>
          {t('trading.chart.indicators.cancel')}
        </Button>
      </Row>
    </Section>
  );
}

/**
 * The indicator picker: a toolbar button that opens a sheet to add indicators (overlays and panes,
 * several of a kind), change an instance's settings (periods, multiplier, source, colour, width),
 * remove it, and save the set as a named template or apply one. Every control is labelled and
 * keyboard operable; bad settings show a translated error and change nothing.
 */
export function IndicatorPicker({
  indicators,
  templates,
  onAdd,
  onChange,
  onRemove,
  onSaveTemplate,
  onApplyTemplate,
  onRemoveTemplate,
  initiallyOpen = false,
}: IndicatorPickerProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(initiallyOpen);
  const [kind, setKind] = useState<IndicatorKind>('sma');
  const [editing, setEditing] = useState<string | null>(null);
  const [templateName, setTemplateName] = useState('');
  const [templateError, setTemplateError] = useState<string | undefined>();
  const name = (k: IndicatorKind) => t(`trading.chart.indicators.kind.${k}`);
  const full = indicators.length >= MAX_INDICATORS_PER_CHART;

  const saveTemplate = () => {
    const trimmed = templateName.trim();
    if (!trimmed) return setTemplateError(t('validation.required'));
    if (trimmed.length > 40) return setTemplateError(t('validation.too_long', { max: 40 }));
    setTemplateError(undefined);
    setTemplateName('');
    onSaveTemplate(trimmed);
  };

  return (
    <>
      <Toggle type="button" onClick={() => setOpen(true)}>
        {t('trading.chart.indicators.button', { count: indicators.length })}
      </Toggle>
      <Sheet open={open} title={t('trading.chart.indicators.title')} onClose={() => setOpen(false)}>
        <Section aria-labelledby="indicator-add">
          <Heading id="indicator-add">{t('trading.chart.indicators.add')}</Heading>
          <Row>
            <SelectField
              label={t('trading.chart.indicators.kindLabel')}
              value={kind}
              options={INDICATOR_KINDS.map((k) => ({
                value: k,
                label: `${name(k)} · ${(OVERLAY_INDICATORS as readonly string[]).includes(k) ? t('trading.chart.indicators.overlay') : t('trading.chart.indicators.pane')}`,
              }))}
              onChange={(value) => setKind(value as IndicatorKind)}
            />
            <Button size="sm" disabled={full} onClick={() => onAdd(kind)}>
              {t('trading.chart.indicators.addButton')}
            </Button>
          </Row>
          {full && <Muted role="status">{t('trading.chart.indicators.full', { max: MAX_INDICATORS_PER_CHART })}</Muted>}
        </Section>
        <Section aria-labelledby="indicator-active">
          <Heading id="indicator-active">{t('trading.chart.indicators.active')}</Heading>
          {indicators.length === 0 ? (
            <Muted>{t('trading.chart.indicators.none')}</Muted>
          ) : (
            <List>
              {indicators.map((settings) => {
                const title = indicatorTitle(settings, name(settings.kind), i18n.language);
                return (
                  <Item key={settings.id} data-indicator-id={settings.id}>
                    <Row>
                      <Swatch aria-hidden="true" css={{ backgroundColor: settings.color }} />
                      <Name>{title}</Name>
                      <Button
                        size="sm"
                        variant="outline"
                        aria-expanded={editing === settings.id}
                        aria-label={t('trading.chart.indicators.settingsOf', { name: title })}
                        onClick={() => setEditing(editing === settings.id ? null : settings.id)}
                      >
                        {t('trading.chart.indicators.settings')}
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={t('trading.chart.indicators.removeOf', { name: title })}
                        onClick={() => onRemove(settings.id)}
                      >
                        {t('trading.chart.indicators.remove')}
                      </Button>
                    </Row>
                    {editing === settings.id && (
                      <SettingsEditor
                        settings={settings}
                        onCancel={() => setEditing(null)}
                        onApply={(next) => {
                          onChange(next);
                          setEditing(null);
                        }}
                      />
                    )}
                  </Item>
                );
              })}
            </List>
          )}
        </Section>
        <Section aria-labelledby="indicator-templates">
          <Heading id="indicator-templates">{t('trading.chart.indicators.templates')}</Heading>
          <Row>
            <TextField
              label={t('trading.chart.indicators.templateName')}
              value={templateName}
              error={templateError}
              maxLength={60}
              onChange={setTemplateName}
            />
            <Button size="sm" disabled={indicators.length === 0} onClick={saveTemplate}>
              {t('trading.chart.indicators.saveTemplate')}
            </Button>
          </Row>
          {templates.length > 0 && (
            <List>
              {templates.map((template) => (
                <Item key={template.name}>
                  <Row>
                    <Name>
                      {t('trading.chart.indicators.templateRow', { name: template.name, count: template.count })}
                    </Name>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={t('trading.chart.indicators.applyTemplate', { name: template.name })}
                      onClick={() => onApplyTemplate(template.name)}
                    >
                      {t('trading.chart.indicators.apply')}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={t('trading.chart.indicators.removeTemplate', { name: template.name })}
                      onClick={() => onRemoveTemplate(template.name)}
                    >
                      {t('trading.chart.indicators.remove')}
                    </Button>
                  </Row>
                </Item>
              ))}
            </List>
          )}
        </Section>
      </Sheet>
    </>
  );
}
