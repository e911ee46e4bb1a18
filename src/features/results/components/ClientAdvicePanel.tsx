import { Button, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { mayDoToClients, type Role } from '@contract';
import { PanelCard } from '@/components/signed-in/PanelCard';
import { QueryState } from '@/components/QueryState';
import { useShownAdvice, type Advice } from '../api/changes';
import { clientAdvicesQueryOptions } from '../api/queries';
import { AdviceCard } from './AdviceCard';
import { AdviceDialog } from './AdviceDialog';

const NONE: readonly Advice[] = [];

/**
 * The advice the care team left the client, on the client's page: whether the
 * client has read it, how far they are with its steps, what is due for
 * review. Doctors, coaches and nutritionists write more here.
 */
export function ClientAdvicePanel({
  clientId,
  clientName,
  role,
}: {
  clientId: string;
  clientName: string;
  role: Role;
}) {
  const advices = useQuery(clientAdvicesQueryOptions(clientId));
  const shown = useShownAdvice(advices.data?.results ?? NONE, clientId);
  const [writing, setWriting] = useState(false);
  const canWrite = mayDoToClients(role, 'advices.write');
  return (
    <PanelCard
      title="Advice"
      actions={
        canWrite && (
          <Button variant="light" leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setWriting(true)}>
            Write advice
          </Button>
        )
      }
    >
      <QueryState query={advices} what="The advice">
        {() =>
          shown.length === 0 ? (
            <Text size="sm">No advice yet.</Text>
          ) : (
            <Stack gap="sm">
              {shown.map((advice) => (
                <AdviceCard key={advice.id} advice={advice} />
              ))}
            </Stack>
          )
        }
      </QueryState>
      {writing && <AdviceDialog clientId={clientId} clientName={clientName} opened onClose={() => setWriting(false)} />}
    </PanelCard>
  );
}
