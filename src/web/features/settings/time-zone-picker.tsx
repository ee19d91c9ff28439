import { Search } from 'lucide-react';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { TIMEZONES, zoneOptions } from '../../../shared/settings';
import { fieldProps } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/select';
import { settingsText } from './i18n';
import { optionLabel } from './settings-form';

/** 'GMT+3' for a zone now (its offset moves with summer time); '' where the runtime cannot say. */
const offsetCache = new Map<string, string>();
function offsetOf(zone: string): string {
  let label = offsetCache.get(zone);
  if (label === undefined) {
    try {
      const parts = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(new Date());
      label = parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
    } catch {
      label = '';
    }
    offsetCache.set(zone, label);
  }
  return label;
}

/** 'Africa/Nairobi (GMT+3)': the IANA name people search for, and the offset today. */
export const zoneLabel = (zone: string) => {
  const offset = offsetOf(zone);
  const name = zone.replace(/_/g, ' ');
  return offset ? `${name} (${offset})` : name;
};

/** Words the firm's own zones are also found by (their offices' cities and countries). */
const ALSO_KNOWN_AS: Record<string, string> = {
  'Africa/Nairobi': 'kenya east africa',
  'Asia/Dubai': 'uae united arab emirates',
  'Indian/Mauritius': 'port louis',
};

const isOffsetSetting = (v: string) => (TIMEZONES as readonly string[]).includes(v);

/**
 * The company time zone (issue 27 item 14): every IANA zone, the firm's own (Nairobi, Dubai, Port
 * Louis) first. A search box narrows the native select (typed text matches the name or the
 * offset; Enter picks the first match), so it works with the keyboard and screen readers as any
 * select does. An existing setting in the spec's UTC offsets stays as it is until changed.
 */
export function TimeZonePicker({
  id,
  value,
  error,
  hasHint,
  onChange,
}: {
  id: string;
  value: string;
  error?: string;
  hasHint: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = settingsText.useT();
  const searchId = useId();
  const countId = useId();
  const [query, setQuery] = useState('');
  const all = useMemo(
    () =>
      zoneOptions().map((zone) => {
        const label = zoneLabel(zone);
        return { value: zone, label, words: `${label} ${ALSO_KNOWN_AS[zone] ?? ''}`.toLowerCase() };
      }),
    [],
  );
  const q = query.trim().toLowerCase().replace(/_/g, ' ');
  const matches = q ? all.filter((o) => o.words.includes(q)) : all;
  const current = isOffsetSetting(value)
    ? { value, label: optionLabel('timezone', value) }
    : (all.find((o) => o.value === value) ?? { value, label: zoneLabel(value) });
  // The chosen zone stays in the list whatever the search (first when the search leaves it out), so
  // the select always shows it; matches keep their order, so arrow keys move predictably.
  const listed = matches.some((o) => o.value === current.value) ? matches : [current, ...matches];
  const options = listed.map(({ value: v, label }) => ({ value: v, label }));

  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    // Enter in the search box picks the first match instead of submitting the settings form.
    e.preventDefault();
    const first = matches[0];
    if (first) onChange(first.value);
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-muted" />
        <Input
          id={searchId}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onSearchKey}
          aria-label={t('field.timezone.search')}
          aria-describedby={countId}
          aria-controls={id}
          placeholder={t('field.timezone.searchPlaceholder')}
          autoComplete="off"
          maxLength={64}
          className="ps-9"
          data-testid="timezone-search"
        />
      </div>
      <NativeSelect
        {...fieldProps(id, error, hasHint)}
        name="timezone"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        options={options}
      />
      <p id={countId} className="text-xs text-muted" aria-live="polite" data-testid="timezone-count">
        {q
          ? matches.length === 0
            ? t('field.timezone.noMatch', { query: query.trim() })
            : t('field.timezone.matches', { n: matches.length })
          : t('field.timezone.all', { n: all.length })}
      </p>
    </div>
  );
}
