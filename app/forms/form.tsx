import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { formatWholeNumber } from '#app/content/number-format.ts'
import { characterCount } from '#app/content/ui.ts'
import { buttonClass } from '#app/ui/button.ts'
import { showToast } from '#app/ui/toast.ts'
import type { FieldErrors, FormSchema } from './schema.ts'
import { HONEYPOT_FIELD, type SubmissionResult } from './submission.ts'

/** How a field looks and what it accepts; its name, error and value come from the form. */
export type FieldDeclaration = {
	label: string
	type?: 'text' | 'email' | 'number' | 'password' | 'datetime-local'
	multiline?: boolean
	required?: boolean
	maxLength?: number
	min?: number
	max?: number
	step?: number
	autoComplete?: string
	hint?: string
}

/**
 * A form declared once: the route it posts to, its schema (the action parses with the same one) and its visible
 * fields by the schema's names. The schema is loaded on first use, so a page with a form does not pay for zod
 * before anyone types.
 */
export type FormDefinition<S extends FormSchema, F extends keyof S['shape'] & string> = {
	action: string
	schema: () => Promise<S>
	fields: Record<F, FieldDeclaration>
}

export function defineForm<S extends FormSchema, F extends keyof S['shape'] & string>(
	definition: FormDefinition<S, F>,
) {
	return definition
}

export type FieldProps = FieldDeclaration & { name: string; error?: string; defaultValue?: string }

/** Everything a field needs: its declaration, its name, its error and what was typed when the post failed. */
export function fieldProps<S extends FormSchema, F extends keyof S['shape'] & string>(
	definition: FormDefinition<S, F>,
	name: F,
	outcome: { errors: FieldErrors; values: Record<string, string> },
): FieldProps {
	return { ...definition.fields[name], name, error: outcome.errors[name], defaultValue: outcome.values[name] }
}

const loadValidation = () => import('./schema.ts')

/**
 * Checks a form being submitted with its schema before anything is sent (with the pressed button's name and value);
 * when it fails, the errors are shown and the first field at fault is focused.
 */
export function submitWhenValid(
	event: FormEvent<HTMLFormElement>,
	schema: () => Promise<FormSchema>,
	then: { invalid: (errors: FieldErrors) => void; valid: (formData: FormData) => Promise<void> },
) {
	event.preventDefault()
	const form = event.currentTarget
	const formData = new FormData(form, (event.nativeEvent as SubmitEvent).submitter)
	void (async () => {
		const [{ formValues, validate }, loaded] = await Promise.all([loadValidation(), schema()])
		const parsed = validate(loaded, formValues(loaded, formData))
		if (parsed.ok) return then.valid(formData)
		then.invalid(parsed.fieldErrors)
		const first = Object.keys(parsed.fieldErrors)[0]
		if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
	})()
}

/** Invalid input the form's own fields explain needs no form-level message: it would blame the site or repeat them. */
function answeredByFields(definition: { fields: object }, result: SubmissionResult) {
	const names = Object.keys(result.fieldErrors ?? {})
	return (
		result.invalidInput === true && names.length > 0 && names.every((name) => Object.hasOwn(definition.fields, name))
	)
}

/**
 * A form's state: validates with the form's schema before posting, posts through a fetcher, and resets the form
 * after a success. `initial` is the result a page rendered without JavaScript received from its own action.
 */
export function useForm<S extends FormSchema, F extends keyof S['shape'] & string>(
	definition: FormDefinition<S, F>,
	options: {
		initial?: SubmissionResult
		onResult?: (result: SubmissionResult) => void
		/** Show outcomes as toasts (the inline status then only shows results of pages rendered without JavaScript). */
		toasts?: boolean
		/** Clear the form after a success (the default); a settings form keeps showing what was saved. */
		resetAfterSuccess?: boolean
	} = {},
) {
	const fetcher = useFetcher<SubmissionResult>()
	const formRef = useRef<HTMLFormElement>(null)
	const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null)
	const latest = fetcher.data
	// The callbacks change every render; the effect must run once per answer, not once per render.
	const callbacks = useRef({ ...options, definition })
	callbacks.current = { ...options, definition }

	useEffect(() => {
		if (!latest) return
		setClientErrors(null)
		if (latest.ok && callbacks.current.resetAfterSuccess !== false) formRef.current?.reset()
		const { toasts, onResult } = callbacks.current
		if (toasts && !answeredByFields(callbacks.current.definition, latest)) void showToast(latest.tone, latest.message)
		onResult?.(latest)
	}, [latest])

	const onSubmit = (event: FormEvent<HTMLFormElement>) =>
		submitWhenValid(event, definition.schema, {
			invalid: setClientErrors,
			valid: async (formData) => {
				setClientErrors({})
				await fetcher.submit(formData, { method: 'post', action: definition.action })
			},
		})

	const result = latest ?? options.initial
	const shown = result && answeredByFields(definition, result) ? undefined : result
	const fieldErrors = clientErrors ?? result?.fieldErrors ?? {}
	const values = result && !result.ok ? (result.values ?? {}) : {}
	return {
		fetcher,
		formRef,
		action: definition.action,
		onSubmit,
		/** Starts loading the schema as soon as someone is in the form. */
		onFocus: () => void Promise.all([loadValidation(), definition.schema()]),
		submitting: fetcher.state !== 'idle',
		result,
		/** The result to show in the form itself (with toasts only a no-JavaScript page's), unless its fields explain it. */
		inlineResult: options.toasts ? (latest ? undefined : shown && options.initial) : shown,
		field: (name: F) => fieldProps(definition, name, { errors: fieldErrors, values }),
	}
}

export type FormState = ReturnType<typeof useForm>

/** The form element: posts to the form's action with JavaScript off, through the fetcher with it; has the honeypot. */
export function SubmissionForm({
	form,
	label,
	className,
	children,
}: {
	form: Pick<FormState, 'fetcher' | 'formRef' | 'action' | 'onSubmit' | 'onFocus'>
	label: string
	className: string
	children: ReactNode
}) {
	return (
		<form.fetcher.Form
			ref={form.formRef}
			method="post"
			action={form.action}
			noValidate
			onSubmit={form.onSubmit}
			onFocus={form.onFocus}
			aria-label={label}
			className={className}
		>
			{children}
			<Honeypot />
		</form.fetcher.Form>
	)
}

/** The submit button: disabled, with the form's submitting label, while a post is under way. */
export function SubmitButton({
	submitting,
	copy,
	className = '',
}: {
	submitting: boolean
	copy: { submit: string; submitting: string }
	className?: string
}) {
	return (
		<button
			type="submit"
			className={className ? `${buttonClass('primary', 'form')} ${className}` : buttonClass('primary', 'form')}
			disabled={submitting}
		>
			{submitting ? copy.submitting : copy.submit}
		</button>
	)
}

/** What is left of a text field's limit, shown from near it on; empty before. */
function CharacterCount({ id, limit, length }: { id: string; limit: number; length: number }) {
	const near = length >= limit * characterCount.showFrom
	const over = length > limit
	return (
		<p id={id} aria-live="polite" className={`mt-1 text-sm ${over ? 'font-medium text-red-700' : 'text-slate-600'}`}>
			{near
				? over
					? characterCount.over(formatWholeNumber(length - limit))
					: characterCount.left(formatWholeNumber(limit - length))
				: null}
		</p>
	)
}

const fieldClass =
	'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600 aria-[invalid=true]:border-red-700'

/** A field's hint under it, tied to it by `${id}-hint`. */
function FieldHint({ id, hint }: { id: string; hint?: string }) {
	return hint ? (
		<p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
			{hint}
		</p>
	) : null
}

/** A field's error under it, tied to it by `${id}-error`. */
function FieldError({ id, error }: { id: string; error?: string }) {
	return error ? (
		<p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
			{error}
		</p>
	) : null
}

/** A labelled choice among fixed options, with its hint and error tied to it for assistive technology. */
export function SelectField({
	name,
	label,
	hint,
	error,
	defaultValue,
	options,
}: FieldProps & { options: readonly { value: string; label: string }[] }) {
	const id = useId()
	const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ')
	return (
		<div>
			<label htmlFor={id} className="block text-sm font-medium text-slate-800">
				{label}
			</label>
			<select
				id={id}
				name={name}
				defaultValue={defaultValue ?? options[0]?.value}
				aria-invalid={error ? true : undefined}
				aria-describedby={describedBy || undefined}
				className={fieldClass}
			>
				{options.map((option) => (
					<option key={option.value} value={option.value}>
						{option.label}
					</option>
				))}
			</select>
			<FieldHint id={id} hint={hint} />
			<FieldError id={id} error={error} />
		</div>
	)
}

/** A labelled input or textarea with its error message tied to it for assistive technology. */
export function Field({ name, label, error, defaultValue, multiline, type = 'text', hint, ...rest }: FieldProps) {
	const id = useId()
	// Text is counted, and let through up to twice its limit, so that the server refuses it with the limit stated instead
	// of the browser shortening a paste without a word; `maxlength` at the limit itself would do that.
	const counted = rest.maxLength !== undefined && (multiline || type === 'text') ? rest.maxLength : undefined
	const [length, setLength] = useState(() => (defaultValue ?? '').length)
	const control = useRef<HTMLInputElement & HTMLTextAreaElement>(null)
	// A form cleared after it was sent fires `reset`, not `change`.
	useEffect(() => {
		const form = control.current?.form
		if (counted === undefined || !form) return
		const recount = () => setLength((defaultValue ?? '').length)
		form.addEventListener('reset', recount)
		return () => form.removeEventListener('reset', recount)
	}, [counted, defaultValue])
	const statesLimit = counted !== undefined && multiline
	const describedBy =
		[
			hint ? `${id}-hint` : null,
			statesLimit ? `${id}-limit` : null,
			counted !== undefined ? `${id}-count` : null,
			error ? `${id}-error` : null,
		]
			.filter(Boolean)
			.join(' ') || undefined
	const shared = {
		id,
		name,
		ref: control,
		// A password is never written back into a page.
		defaultValue: type === 'password' ? undefined : defaultValue,
		maxLength: counted === undefined ? rest.maxLength : counted * 2,
		onChange:
			counted === undefined
				? undefined
				: (event: { currentTarget: { value: string } }) => setLength(event.currentTarget.value.length),
		required: rest.required,
		'aria-invalid': error ? true : undefined,
		'aria-describedby': describedBy,
		className: fieldClass,
	}
	return (
		<div>
			<label htmlFor={id} className="block text-sm font-medium text-slate-800">
				{label}
			</label>
			{multiline ? (
				<textarea {...shared} rows={5} />
			) : (
				<input
					{...shared}
					type={type}
					autoComplete={rest.autoComplete}
					min={rest.min}
					max={rest.max}
					step={rest.step}
				/>
			)}
			<FieldHint id={id} hint={hint} />
			{statesLimit ? (
				<p id={`${id}-limit`} className="mt-1 text-sm text-slate-600">
					{characterCount.limit(formatWholeNumber(counted))}
				</p>
			) : null}
			{counted !== undefined ? <CharacterCount id={`${id}-count`} limit={counted} length={length} /> : null}
			<FieldError id={id} error={error} />
		</div>
	)
}

/** A field people and assistive technology never meet; bots that fill every field do. */
function Honeypot() {
	return (
		<div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
			<label>
				Website
				<input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
			</label>
		</div>
	)
}

/** The outcome of a submission inside the form: an alert for failures, a status otherwise. */
export function FormStatus({ result, children }: { result?: SubmissionResult; children?: ReactNode }) {
	if (!result) return null
	const tone =
		result.tone === 'success'
			? 'border-green-700 bg-green-50 text-green-900'
			: result.tone === 'info'
				? 'border-brand-600 bg-brand-50 text-brand-900'
				: 'border-red-700 bg-red-50 text-red-900'
	return (
		<div role={result.ok ? 'status' : 'alert'} className={`rounded-md border px-4 py-3 text-sm font-medium ${tone}`}>
			<p>{result.message}</p>
			{children}
		</div>
	)
}
