import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { showToast } from '../../ui/toast.ts'
import type { FieldErrors, FormSchema } from './schemas.ts'
import { HONEYPOT_FIELD, type SubmissionResult } from './submission.ts'

export const buttonClass =
	'inline-flex items-center justify-center rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-70'

const inputClass =
	'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600 aria-[invalid=true]:border-red-700'

/** The schemas (zod) load on first use, so pages with a form do not pay for them before anyone types. */
const loadSchemas = () => import('./schemas.ts')

/**
 * A lead form's state: validates with the form's schema before posting (the action runs the same schema),
 * posts through a fetcher, and resets the form after a success. `initial` is the result a page rendered
 * without JavaScript received from its own action.
 */
export function useLeadForm(options: {
	schema: (schemas: Awaited<ReturnType<typeof loadSchemas>>) => FormSchema | Promise<FormSchema>
	action: string
	initial?: SubmissionResult
	onResult?: (result: SubmissionResult) => void
	/** Show outcomes as toasts (the inline status then only shows results of pages rendered without JavaScript). */
	toasts?: boolean
}) {
	const fetcher = useFetcher<SubmissionResult>()
	const formRef = useRef<HTMLFormElement>(null)
	const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null)
	const latest = fetcher.data
	// The callbacks change every render; the effect must run once per answer, not once per render.
	const callbacks = useRef(options)
	callbacks.current = options

	useEffect(() => {
		if (!latest) return
		setClientErrors(null)
		if (latest.ok) formRef.current?.reset()
		if (callbacks.current.toasts) {
			void showToast(latest.tone, latest.message)
		}
		callbacks.current.onResult?.(latest)
	}, [latest])

	const onSubmit = (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault()
		const form = event.currentTarget
		const formData = new FormData(form)
		void (async () => {
			const schemas = await loadSchemas()
			const schema = await options.schema(schemas)
			const parsed = schemas.validate(schema, schemas.formValues(schema, formData))
			if (parsed.ok) {
				setClientErrors({})
				await fetcher.submit(formData, { method: 'post', action: options.action })
				return
			}
			setClientErrors(parsed.fieldErrors)
			const first = Object.keys(parsed.fieldErrors)[0]
			if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
		})()
	}

	const result = latest ?? options.initial
	return {
		fetcher,
		formRef,
		onSubmit,
		/** Starts loading the schemas as soon as someone is in the form. */
		onFocus: () => void loadSchemas(),
		submitting: fetcher.state !== 'idle',
		result,
		/** The result to show in the form itself: all of them, or with toasts only a no-JavaScript page's. */
		inlineResult: options.toasts ? (latest ? undefined : options.initial) : result,
		fieldErrors: clientErrors ?? result?.fieldErrors ?? {},
		values: result && !result.ok ? (result.values ?? {}) : {},
	}
}

type FieldProps = {
	name: string
	label: string
	error?: string
	defaultValue?: string
	maxLength?: number
	required?: boolean
	multiline?: boolean
	type?: 'text' | 'email' | 'number'
	autoComplete?: string
	min?: number
	max?: number
	hint?: string
}

/** A labelled input or textarea with its error message tied to it for assistive technology. */
export function Field({ name, label, error, defaultValue, multiline, type = 'text', hint, ...rest }: FieldProps) {
	const id = useId()
	const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
	const shared = {
		id,
		name,
		defaultValue,
		maxLength: rest.maxLength,
		required: rest.required,
		'aria-invalid': error ? true : undefined,
		'aria-describedby': describedBy,
		className: inputClass,
	}
	return (
		<div>
			<label htmlFor={id} className="block text-sm font-medium text-slate-800">
				{label}
			</label>
			{multiline ? (
				<textarea {...shared} rows={5} />
			) : (
				<input {...shared} type={type} autoComplete={rest.autoComplete} min={rest.min} max={rest.max} />
			)}
			{hint ? (
				<p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
					{hint}
				</p>
			) : null}
			{error ? (
				<p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
					{error}
				</p>
			) : null}
		</div>
	)
}

/** A field people and assistive technology never meet; bots that fill every field do. */
export function Honeypot() {
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
