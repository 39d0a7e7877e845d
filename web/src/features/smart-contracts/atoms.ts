// Which of the Smart Contracts screen's five tabs is open (the screen follows a
// navigate-to-tab request). Kept outside the screen so another view can choose the tab before the
// dashboard switches to it, e.g. the Oracle's workflow card after a contract is created.
import { atom } from 'jotai';

export const SMART_CONTRACT_TABS = ['library', 'contracts', 'receivers', 'history', 'analytics'] as const;
export type SmartContractTab = (typeof SMART_CONTRACT_TABS)[number];

export const smartContractTabAtom = atom<SmartContractTab>('library');
