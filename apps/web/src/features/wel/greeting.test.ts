import { describe, expect, it } from 'vitest';
import { greetingKey } from './greeting';

describe('greeting', () => {
  it('follows the hour of the day', () => {
    expect(greetingKey(7)).toBe('wel.greetingMorning');
    expect(greetingKey(12)).toBe('wel.greetingNoon');
    expect(greetingKey(15)).toBe('wel.greetingAfternoon');
    expect(greetingKey(21)).toBe('wel.greetingEvening');
  });
});
