import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-policy';

describe('password policy', () => {
  it.each([
    ['short', 'Password must be at least 8 characters'],
    ['        ', 'Password must not be only spaces'],
    ['password', 'This password is too common: choose one that is harder to guess'],
    ['12345678', 'This password is too common: choose one that is harder to guess'],
    ['PassWord1', 'This password is too common: choose one that is harder to guess'],
    ['aaaaaaaaaaaa', 'Password must not be one character repeated'],
    ['grace_hopper', 'Password must not contain your username'],
    ['my-Grace_Hopper-2026', 'Password must not contain your username'],
  ])('refuses %j', (password, message) => {
    expect(passwordProblem('grace_hopper', password)).toBe(message);
  });

  it('accepts an uncommon password that does not contain the username', () => {
    expect(passwordProblem('grace_hopper', 'correct horse battery')).toBeNull();
    expect(passwordProblem('ana', 'violet kettle orbit')).toBeNull();
  });
});
