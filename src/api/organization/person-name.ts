/**
 * A person's name, formatted in one place for every page (issue 45, "one truth"): the API's user
 * objects carry `first_name`, `last_name` (either may be blank or missing) and `email`.
 */

/** The parts of a user a name is made from (a member's user, a creator, an activity entry's user). */
export interface PersonNameParts {
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
}

const part = (value: string | null | undefined) => value?.trim() ?? '';

/** `Olivia Chen` (the parts the person has, trimmed, one space apart), else the e-mail; '' when there is neither. */
export function personName(user: PersonNameParts): string {
  return [part(user.first_name), part(user.last_name)].filter(Boolean).join(' ') || part(user.email);
}

/** `Olivia`, for sentences (`Olivia changed …`): the first name, else the whole name, else the e-mail. */
export function personFirstName(user: PersonNameParts): string {
  return part(user.first_name) || personName(user);
}
