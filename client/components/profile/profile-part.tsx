import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { DoneNotice } from '../forms/form-field';
import { ProfileBack } from './profile-overview';
import { doneNotice } from './profile-result';

// A part of the profile (details, addresses, cards): the way back to the overview, its title, and
// the notice of a change that went through (PRG, ?done=) unless a form has just answered.
export function ProfilePart(props: {
  title: string;
  answered: boolean;
  className?: string;
  children: ReactNode;
}) {
  const [search] = useSearchParams();
  const className = props.className ? `profile-screen ${props.className}` : 'profile-screen';
  return (
    <section className={className} aria-labelledby="screen-title">
      <ProfileBack />
      <h1 id="screen-title">{props.title}</h1>
      <DoneNotice message={props.answered ? null : doneNotice(search)} />
      {props.children}
    </section>
  );
}
