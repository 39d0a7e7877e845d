// The task the Task Completed dialog is showing, if any. A newer milestone replaces an older one
// still on screen: its next step supersedes the older one's.
import { atom } from 'jotai';
import type { NextStep, TaskId } from './milestones';

export interface CompletedTask {
  /** Unique per event, so the same task completing twice still reopens the dialog. */
  key: string;
  task: TaskId;
  trackId: string;
  title: string | null;
  message: string;
  detail: string | null;
  next: NextStep | null;
}

export const completedTaskAtom = atom<CompletedTask | null>(null);
