import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';

import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

type StyleProps = {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Square, icon-only button: give it an `aria-label`. */
  iconOnly?: boolean;
};

function classes({ variant = 'primary', size = 'md', iconOnly = false }: StyleProps, extra?: string) {
  return [styles.button, styles[variant], styles[size], iconOnly ? styles.icon : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & StyleProps & { children?: ReactNode };

export function Button({ variant, size, iconOnly, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={classes({ variant, size, iconOnly }, className)} {...props} />;
}

export type ButtonLinkProps = LinkProps & StyleProps;

/** A router link that looks like a button. */
export function ButtonLink({ variant, size, iconOnly, className, ...props }: ButtonLinkProps) {
  return <Link className={classes({ variant, size, iconOnly }, className)} {...props} />;
}
