import { AUDIT_ACTIONS, AUDIT_ACTOR_MAX_LENGTH } from '@lynk/contract/audit';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { AuditLogFilters as Filters } from '../api/get-audit-log';
import { AUDIT_LOG_TEXTS } from '../texts';

const ACTION_OPTIONS = [...AUDIT_ACTIONS];

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
  const [action, setAction] = useState<string | null>(filters.action ?? null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ actor, action: action ?? undefined });
  };
  const clear = () => {
    setActor('');
    setAction(null);
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
        <Select
          label={AUDIT_LOG_TEXTS.actionLabel}
          placeholder={AUDIT_LOG_TEXTS.actionPlaceholder}
          data={ACTION_OPTIONS}
          value={action}
          onChange={setAction}
          searchable
          clearable
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
