import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { defineForm, Field, FormStatus, SubmissionForm, SubmitButton, useForm } from './form.tsx'
import { HONEYPOT_FIELD, type SubmissionResult } from './submission.ts'

const greetingForm = defineForm({
	action: '/greeting',
	schema: async () => {
		const { requiredText, email } = await import('./schema.ts')
		const z = await import('zod/mini')
		return z.object({ name: requiredText(20, 'Name, please'), email: email() })
	},
	fields: {
		name: { label: 'Your name', autoComplete: 'name', required: true, maxLength: 20 },
		email: { label: 'Email', type: 'email', required: true, maxLength: 254, hint: 'We reply here' },
	},
})

function GreetingForm({ initial }: { initial?: SubmissionResult }) {
	const form = useForm(greetingForm, { initial })
	return (
		<SubmissionForm form={form} label="Greeting" className="space-y-4">
			<FormStatus result={form.inlineResult} />
			<Field {...form.field('name')} />
			<Field {...form.field('email')} />
			<SubmitButton submitting={form.submitting} copy={{ submit: 'Send', submitting: 'Sending...' }} />
		</SubmissionForm>
	)
}

/** What the page rendered without JavaScript received from its action, for the next render. */
let actionResult: SubmissionResult | undefined
const GreetingRoute = () => <GreetingForm initial={actionResult} />
const Stub = createRoutesStub([{ path: '/greeting', Component: GreetingRoute }])

const render = (initial?: SubmissionResult) => {
	actionResult = initial
	return renderToStaticMarkup(<Stub initialEntries={['/greeting']} />)
}

const tag = (html: string, name: string) =>
	new RegExp(`<(?:input|textarea)[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? ''

describe('form toolkit', () => {
	it('posts to the declared action without JavaScript, with the honeypot and a labelled field per declaration', () => {
		const html = render()
		const form = /<form [^>]*>/.exec(html)?.[0] ?? ''
		for (const attribute of ['method="post"', 'action="/greeting"', 'aria-label="Greeting"', 'noValidate']) {
			expect(form).toContain(attribute)
		}
		const name = tag(html, 'name')
		// Counted, and let through up to twice the limit: the server refuses it saying the limit, nothing is cut to fit.
		expect(name).toContain('maxLength="40"')
		expect(name).toContain('-count')
		expect(name).toContain('required')
		expect(name).toContain('autoComplete="name"')
		const id = /id="([^"]+)"/.exec(name)?.[1]
		expect(html).toContain(`<label for="${id}" class="block text-sm font-medium text-slate-800">Your name</label>`)
		const email = tag(html, 'email')
		expect(email).toContain('type="email"')
		expect(email).toMatch(/aria-describedby="[^"]+-hint"/)
		expect(html).toContain('We reply here')
		expect(tag(html, HONEYPOT_FIELD)).toContain('tabindex="-1"')
		expect(html).toMatch(/<button type="submit"[^>]*>Send<\/button>/)
	})

	it('gives each field back what was typed and its error after a refused post, as text', () => {
		const html = render({
			ok: false,
			tone: 'error',
			message: 'Please check the form.',
			fieldErrors: { email: 'Please enter a valid email address' },
			invalidInput: true,
			values: { name: '<b>Ana</b>', email: 'ana@' },
		})
		expect(tag(html, 'name')).toContain('value="&lt;b&gt;Ana&lt;/b&gt;"')
		expect(tag(html, 'name')).not.toContain('aria-invalid')
		const email = tag(html, 'email')
		expect(email).toContain('value="ana@"')
		expect(email).toContain('aria-invalid="true"')
		const errorId = /aria-describedby="[^"]*?(\S+-error)"/.exec(email)?.[1]
		expect(html).toContain(
			`<p id="${errorId}" class="mt-1 text-sm font-medium text-red-700">Please enter a valid email address</p>`,
		)
		// The fields explain the refusal: a form-level message would repeat them or blame the site.
		expect(html).not.toContain('role="alert"')
		expect(html).not.toContain('Please check the form.')
	})

	it('shows the form-level message of a refusal that is not invalid input the fields explain', () => {
		const refused = { ok: false, tone: 'error', values: { name: 'Ana' } } as const
		const hidden = render({ ...refused, message: 'Unknown source', fieldErrors: { source: 'x' }, invalidInput: true })
		expect(hidden).toMatch(/<div role="alert"[^>]*><p>Unknown source<\/p><\/div>/)
		const conflict = render({ ...refused, message: 'Taken', fieldErrors: { email: 'Taken' } })
		expect(conflict).toMatch(/<div role="alert"[^>]*><p>Taken<\/p><\/div>/)
		const failed = render({ ...refused, message: 'Something went wrong. Please try again.' })
		expect(failed).toMatch(/<div role="alert"[^>]*><p>Something went wrong. Please try again.<\/p><\/div>/)
	})

	it('starts empty again after a success', () => {
		const html = render({ ok: true, tone: 'success', message: 'Thanks!', values: { name: 'Ana' } })
		expect(tag(html, 'name')).not.toContain('value=')
		expect(html).toMatch(/<div role="status"[^>]*><p>Thanks!<\/p><\/div>/)
	})
})
