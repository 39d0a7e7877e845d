// The dashboard at /, /dashboard and /dashboard/<tab>. Which tab shows: the one the
// address names (the tab bar, the rail, the header and every "go to" button navigate there, so the
// back button returns to the previous tab), else the landing tab for the current sign-in state.
// An address's tab belongs to whoever was signed in when it was opened, so signing in on it lands
// a first-time creator (no content) on welcome's Get started path, a returning one on the studio
// (create) where the server can make songs, else on the vault, and signing out returns to welcome;
// the address then becomes /dashboard to match. Older links (?tab=<tab>) are sent to
// the tab's own address by dashboardLoader.
import { useSetAtom } from 'jotai';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Skeleton } from 'primereact/skeleton';
import { redirect, useLocation, useNavigate, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { SignUpPrompt } from '../../components/ui/sign-up-prompt';
import { AssistantChat } from '../../features/assistant-chat/components/assistant-chat';
import { CreationPanel } from '../../features/creation/components/creation-panel';
import { DashboardLayout } from '../../features/dashboard/components/dashboard-layout';
import { isNotBuiltTab, NotBuiltTabPanel } from '../../features/dashboard/components/not-built-tab';
import { WelcomePanel } from '../../features/dashboard/components/welcome-panel';
import { distributionsPromptReason, oraclePromptReason } from '../../features/dashboard/journey';
import { DeveloperPanel } from '../../features/developer/components/developer-panel';
import { DistributionsPanel } from '../../features/distribution/components/distributions-panel';
import { FaqPanel } from '../../features/faq/components/faq-panel';
import { selectedMasteringTrackIdAtom } from '../../lib/mastering-selection';
import { MasteringPanel } from '../../features/mastering/components/mastering-panel';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { OraclePanel } from '../../features/oracle/components/oracle-panel';
import { SmartContractsPanel } from '../../features/smart-contracts/components/smart-contracts-panel';
import { SupportCentrePanel } from '../../features/support-centre/components/support-centre-panel';
import { TrackContractButton } from '../../features/smart-contracts/components/track-contract-button';
import { UploadPanel } from '../../features/upload/components/upload-panel';
import { VaultPanel } from '../../features/vault/components/vault-panel';
import { useCurrentUser } from '../../lib/auth';
import { capabilityState, useCapabilities } from '../../lib/capabilities';
import { DASHBOARD_PATH, dashboardAddress, dashboardTabPath, defaultTab, isDashboardTab, requestedTab, type DashboardTab } from '../../lib/dashboard-tabs';
import { NotFoundRoute } from './not-found';
import { WorkflowSidebar } from '../../features/workflow-sidebar/components/workflow-sidebar';
import { useVault } from '../../lib/track/api/get-vault';

// The analytics tab (its charts and chart.js) loads when it is opened, not with the app.
const AnalyticsPanel = lazy(async () => ({ default: (await import('../../features/analytics/components/analytics-panel')).AnalyticsPanel }));

interface TabChoice {
  tab: DashboardTab;
  userId: string | null;
}

/** / and /dashboard: an older link's ?tab=<tab> goes to /dashboard/<tab>, keeping the query's other parameters. */
export function dashboardLoader({ request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const tab = requestedTab(undefined, search);
  return tab ? redirect(dashboardAddress(tab, search)) : null;
}

export function DashboardRoute() {
  const { user } = useCurrentUser();
  const capabilities = useCapabilities().data;
  const userId = user?.id ?? null;
  const { tab: segment } = useParams();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const requested = requestedTab(segment, searchParams);
  // Who was signed in when this address was opened: the tab it names is theirs.
  const [opened, setOpened] = useState({ key: location.key, userId });
  if (opened.key !== location.key) setOpened({ key: location.key, userId });
  const chosen = opened.key !== location.key || opened.userId === userId ? requested : null;
  const creation = capabilityState(capabilities, 'creation-engine');
  const creationAvailable = creation.loading ? undefined : creation.available;
  // Where a user landed is kept once it is known (their vault read, and the server's report), so a
  // first upload does not move them off the tab they went to from Get started.
  const [landing, setLanding] = useState<TabChoice | null>(null);
  const landed = landing !== null && landing.userId === userId;
  // The same query (and cache entry) as the Vault tab, read here only until the user has landed.
  const vault = useVault({ enabled: Boolean(user) && !landed });
  const landingTab = defaultTab(Boolean(user), user ? vault.data?.length : undefined, creationAvailable);
  if (user && !landed && vault.data && creationAvailable !== undefined) setLanding({ tab: landingTab, userId });
  const activeTab = chosen ?? (landed ? landing.tab : landingTab);
  const selectTab = (tab: DashboardTab) => void navigate(dashboardTabPath(tab));
  const chooseMasteringTrack = useSetAtom(selectedMasteringTrackIdAtom);

  // Signed in or out on an address naming a tab: the address follows what is shown, the landing.
  const leftBehind = requested !== null && chosen === null;
  useEffect(() => {
    if (leftBehind) void navigate(DASHBOARD_PATH, { replace: true });
  }, [leftBehind, navigate]);

  if (segment !== undefined && !isDashboardTab(segment)) return <NotFoundRoute />;
  return (
    <DashboardLayout
      user={user}
      activeTab={activeTab}
      onSelectTab={selectTab}
      sidebar={user && <WorkflowSidebar key={user.id} />}
      notifications={user && <NotificationBell key={user.id} />}
    >
      {activeTab === 'welcome' && <WelcomePanel user={user} onSelectTab={selectTab} />}
      {activeTab === 'create' &&
        creation.available &&
        (user ? (
          <CreationPanel
            onMaster={(trackId) => {
              chooseMasteringTrack(trackId);
              selectTab('mastering');
            }}
          />
        ) : (
          <SignUpPrompt title="Create with AI" icon="pi-sparkles" reason="Sign up or log in to describe a song and have it composed and rendered on this server, with stems, MIDI and timed lyrics." />
        ))}
      {activeTab === 'upload' &&
        (user ? (
          <UploadPanel user={user} />
        ) : (
          <SignUpPrompt title="Upload your work" icon="pi-cloud-upload" reason="Sign up or log in to upload music, video, images or text into your own vault." />
        ))}
      {activeTab === 'mastering' &&
        (user ? (
          <MasteringPanel />
        ) : (
          <SignUpPrompt title="Master your music" icon="pi-sliders-h" reason="Sign up or log in to master your tracks: preview first, then a release-ready master." />
        ))}
      {activeTab === 'oracle' &&
        (user ? (
          <OraclePanel contractAction={(item) => <TrackContractButton item={item} />} />
        ) : (
          <SignUpPrompt title="Copyright Oracle" icon="pi-shield" reason={oraclePromptReason(capabilities)} />
        ))}
      {activeTab === 'vault' && <VaultPanel signedIn={Boolean(user)} />}
      {activeTab === 'distributions' &&
        (user ? (
          <DistributionsPanel />
        ) : (
          <SignUpPrompt title="Distributions" icon="pi-send" reason={distributionsPromptReason(capabilities)} />
        ))}
      {activeTab === 'smart-contracts' &&
        (user ? (
          <SmartContractsPanel />
        ) : (
          <SignUpPrompt
            title="Smart Contracts"
            icon="pi-file-edit"
            reason="Sign up or log in to create royalty contracts for your registered work, invite receivers to share its royalties and pay them out."
          />
        ))}
      {activeTab === 'analytics' && (
        <Suspense fallback={<Skeleton height="16rem" aria-label="Loading the analytics" />}>
          <AnalyticsPanel signedIn={Boolean(user)} />
        </Suspense>
      )}
      {activeTab === 'developer' &&
        (user ? (
          <DeveloperPanel />
        ) : (
          <SignUpPrompt
            title="Developer API"
            icon="pi-code"
            reason="Sign up or log in to create API keys and call the copyright oracle and royalty contracts from your own programs, within your tier's limits."
          />
        ))}
      {activeTab === 'support' &&
        (user ? (
          <SupportCentrePanel />
        ) : (
          <SignUpPrompt title="Support" icon="pi-headphones" reason="Sign up or log in to write to a person on the support team and follow their answers here. The FAQ tab answers common questions." />
        ))}
      {activeTab === 'faq' && <FaqPanel />}
      {isNotBuiltTab(activeTab) && !(activeTab === 'create' && (creation.available || creation.loading)) && <NotBuiltTabPanel tab={activeTab} />}
      {user && <AssistantChat key={user.id} onNavigate={selectTab} />}
    </DashboardLayout>
  );
}
