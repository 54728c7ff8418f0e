/** The i18n key of the greeting for an hour of the day. */
export function greetingKey(hour: number): string {
  if (hour < 11) return 'wel.greetingMorning';
  if (hour < 13) return 'wel.greetingNoon';
  if (hour < 18) return 'wel.greetingAfternoon';
  return 'wel.greetingEvening';
}
