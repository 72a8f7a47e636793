import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Box, chakra } from '@chakra-ui/react';
import { AsyncSelect } from 'chakra-react-select';
import { useAtomValue } from 'jotai';
import type { Team } from '../session/store.ts';
import { api } from '../session/api.ts';
import { ALL_TEAMS, SEARCH_THROTTLE_MS } from '../session/constants.ts';
import { chooseTeam, selectedTeamAtom, sessionStore, shownTeamAtom, tokenClaimsAtom, type CurrentUser } from '../session/store.ts';
import { noOptionsMessage } from '../form/widgets/select-texts.ts';

interface TeamOption {
  value: string;
  label: string;
  isDefault: boolean;
}

const ALL_OPTION: TeamOption = { value: ALL_TEAMS, label: 'All', isDefault: false };

async function searchTeams(name: string): Promise<TeamOption[]> {
  const { data } = await api.GET('/api/auth/v1/teams/search', { params: { query: name ? { name } : {} } });
  return (data?.content ?? []).map((team: Team) => ({ value: team.id, label: team.name, isDefault: team.meta.isDefault }));
}

/**
 * The global team selector: type-ahead by team name, an 'All' option for provider admins and
 * account-scoped tokens, and the team flagged default until the user picks another.
 */
export function TeamSelector({ user }: { user: CurrentUser }) {
  const claims = useAtomValue(tokenClaimsAtom, { store: sessionStore });
  const selected = useAtomValue(selectedTeamAtom, { store: sessionStore });
  const offersAll = claims?.realm === 'ACCOUNT' || (claims?.scopes ?? user.scopes ?? []).includes('role:admin');
  const [teams, setTeams] = useState<TeamOption[]>();
  const [unavailable, setUnavailable] = useState(false);
  const timer = useRef<number>(undefined);

  useEffect(() => {
    let live = true;
    searchTeams('')
      .then((found) => live && setTeams(found))
      .catch(() => live && setUnavailable(true));
    return () => {
      live = false;
    };
  }, [user.account.id]);

  const withAll = useCallback((options: TeamOption[], text: string) => (offersAll && 'all'.includes(text.toLowerCase()) ? [ALL_OPTION, ...options] : options), [offersAll]);

  // Throttled: one search per pause in typing.
  const loadOptions = useCallback(
    (text: string, callback: (options: TeamOption[]) => void) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        searchTeams(text.trim())
          .then((found) => callback(withAll(found, text.trim())))
          .catch(() => callback([]));
      }, SEARCH_THROTTLE_MS);
    },
    [withAll],
  );

  const defaultOptions = useMemo(() => withAll(teams ?? [], ''), [teams, withAll]);
  const value = useMemo(() => {
    if (selected === ALL_TEAMS && offersAll) return ALL_OPTION;
    return teams?.find((team) => team.value === selected) ?? teams?.find((team) => team.isDefault) ?? teams?.[0] ?? null;
  }, [selected, teams, offersAll]);

  // The lists of the pages follow a team the user chose; All, or no choice yet, filters nothing.
  const shown = selected && value && value.value !== ALL_TEAMS ? value.value : null;
  useEffect(() => {
    sessionStore.set(shownTeamAtom, shown);
  }, [shown]);

  if (unavailable || (teams && teams.length === 0 && !offersAll)) return null;
  return (
    // Narrow on a phone (the name truncates); on a wide screen room for a long team name.
    <Box w={{ base: '32', md: '36', xl: '44' }} flexShrink={0} data-testid="team-selector">
      <chakra.label htmlFor="team-selector-input" srOnly>
        Team
      </chakra.label>
      <AsyncSelect<TeamOption, false>
        inputId="team-selector-input"
        size="sm"
        cacheOptions={false}
        defaultOptions={defaultOptions}
        loadOptions={loadOptions}
        value={value}
        placeholder="Search by team name"
        noOptionsMessage={noOptionsMessage}
        loadingMessage={() => 'Searching…'}
        isLoading={teams === undefined}
        onChange={(option) => option && chooseTeam(option.value)}
        aria-label="Team"
      />
    </Box>
  );
}
