import { AUDIT_ACTIONS, AUDIT_ACTOR_MAX_LENGTH } from '@lynk/contract/audit';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { AuditLogFilters as Filters } from '../api/get-audit-log';
import { AUDIT_ACTION_LABELS, AUDIT_LOG_TEXTS } from '../texts';

/** The browser's own list, as the transfer modal's (it types to a choice, and fits a phone). */
const ACTION_OPTIONS = [
  { value: '', label: AUDIT_LOG_TEXTS.actionPlaceholder },
  ...AUDIT_ACTIONS.map((value) => ({ value, label: AUDIT_ACTION_LABELS[value] })),
];

/**
 * Actor and action, applied together (a request per keystroke would page a large log for
 * nothing). The dates are the table's own filter, as on every table.
 */
export function AuditLogFilters({
  filters,
  onApply,
}: {
  filters: Filters;
  onApply: (next: Filters) => void;
}) {
  const [actor, setActor] = useState(filters.actor ?? '');
  const [action, setAction] = useState(filters.action ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ actor, action: action || undefined });
  };
  const clear = () => {
    setActor('');
    setAction('');
    onApply({});
  };

  return (
    <form onSubmit={submit} aria-label={AUDIT_LOG_TEXTS.filters} data-testid="audit-log-filters">
      <Group align="end" gap="sm" mb="md" wrap="wrap">
        <TextInput
          label={AUDIT_LOG_TEXTS.actorLabel}
          placeholder={AUDIT_LOG_TEXTS.actorPlaceholder}
          value={actor}
          maxLength={AUDIT_ACTOR_MAX_LENGTH}
          onChange={(event) => setActor(event.currentTarget.value)}
          w={{ base: '100%', sm: 260 }}
        />
        <NativeSelect
          label={AUDIT_LOG_TEXTS.actionLabel}
          data={ACTION_OPTIONS}
          value={action}
          onChange={(event) => setAction(event.currentTarget.value)}
          w={{ base: '100%', sm: 280 }}
        />
        <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
          {AUDIT_LOG_TEXTS.apply}
        </Button>
        <Button type="button" variant="default" onClick={clear}>
          {AUDIT_LOG_TEXTS.clear}
        </Button>
      </Group>
    </form>
  );
}
