import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { DoneNotice } from '../forms/form-field';
import { ProfileBack } from './profile-overview';
import { doneNotice } from './profile-result';

// A part of the profile (details, addresses, cards): the way back to the overview, its title, and
// the notice of a change that went through (PRG, ?done=) unless a form has just answered. One
// layout for the three, so the way back is in one place on each (the details' screen, laid out as
// the sign-in screens, had it 24 px lower and, on a desktop, centred: docs/decisions/0375).
export function ProfilePart(props: { title: string; answered: boolean; children: ReactNode }) {
  const [search] = useSearchParams();
  return (
    <section className="profile-screen" aria-labelledby="screen-title">
      <ProfileBack />
      <h1 id="screen-title">{props.title}</h1>
      <DoneNotice message={props.answered ? null : doneNotice(search)} />
      {props.children}
    </section>
  );
}
