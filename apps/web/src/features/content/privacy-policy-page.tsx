import { Link } from 'react-router';
import { ContentPage } from './content-page';

/** Change this date whenever the text below changes. */
const LAST_UPDATED = '21 November 2026';

export function PrivacyPolicyPage() {
  return (
    <ContentPage
      eyebrow="Privacy Policy"
      title="What we keep about you, and why"
      description="The personal data Nivaas stores, why it is stored, who sees it and how to have it corrected or deleted."
      lead={
        <p>
          Last updated {LAST_UPDATED}. This page describes what the Nivaas website stores when you use it. We have
          tried to write it so that you can read it in five minutes.
        </p>
      }
    >
      <h2>In short</h2>
      <ul>
        <li>You can browse Nivaas without an account.</li>
        <li>If you sign in, we keep the phone number or e-mail address you signed in with.</li>
        <li>We keep what you choose to save or send: favourites, searches, enquiries and the properties you list.</li>
        <li>We record how the site is used (visits and a few actions) to keep it working and to improve it.</li>
        <li>We do not sell your personal data.</li>
      </ul>

      <h2>What we store</h2>
      <h3>Your sign-in identity</h3>
      <p>
        You sign in with a one-time passcode sent to your phone number or e-mail address. We store that phone number
        or e-mail address as your account identity. Passcodes are stored only in a scrambled (hashed) form, expire
        after a short time and allow only a few tries. Brokers who register also give us the details on their
        registration form, and may set a password, which we store only in hashed form.
      </p>
      <h3>Your profile</h3>
      <p>If you add them, we keep your name and profile photo. Brokers&rsquo; profiles are shown publicly on their broker page.</p>
      <h3>Favourites and saved searches</h3>
      <p>When you save a property or a search, we store it against your account so that it is there next time you sign in.</p>
      <h3>Enquiries and leads</h3>
      <p>
        When you send an enquiry about a property, we store what you entered in the form (usually your name, phone
        number, e-mail address and message) and pass it to the builder, broker or owner of that property, who sees it
        as a lead.
      </p>
      <h3>Properties you list</h3>
      <p>
        If you upload a property, we store its details and photos, the review decision and any remarks our team
        adds. Once approved
        and switched on, the property&rsquo;s details and photos are shown publicly.
      </p>
      <h3>Visit tracking</h3>
      <p>
        To understand how the site is used and to find faults, we record visits and a few actions (for example, that
        a property was added to a wishlist). A visit record holds a random session identifier, the page you entered
        on and left from, your device type, operating system and browser, how you arrived (for example, from a
        search engine) and an approximate location. If your browser allows location access, the location comes from
        it; otherwise we estimate it from your IP address using an IP-geolocation service. If you are signed in, the
        record is linked to your account.
      </p>
      <h3>Help chat</h3>
      <p>
        Messages you send to the help-chat assistant are processed on our server to answer you, and the context
        of the conversation is kept there while the chat is active. The message history is kept in your browser and
        cleared after 30 minutes without activity.
      </p>

      <h2>What is kept in your browser</h2>
      <p>
        The site stores a few things in your browser&rsquo;s own storage: your sign-in (so you stay signed in), the
        city you picked and your compare list for the current tab, and identifiers used for visit tracking together
        with events waiting to be sent. A secure, http-only cookie keeps your sign-in fresh. Clearing your browser&rsquo;s site data removes all of this.
      </p>

      <h2>Who sees your data</h2>
      <ul>
        <li>The builder, broker or owner you send an enquiry to sees what you sent them.</li>
        <li>Our team sees what is needed to review listings, answer you and keep the site safe.</li>
        <li>
          Service providers we use to run the site, such as whoever delivers passcode messages and e-mails, see only
          what they need to do that job.
        </li>
        <li>Authorities, when Indian law requires us to share it.</li>
      </ul>

      <h2>How long we keep it</h2>
      <p>
        We keep account data while your account exists, and enquiries and listings for as long as they are needed
        for the purpose they were sent or listed for, or as long as the law requires. Visit records are kept only
        as long as they are useful for running and improving the site.
      </p>

      <h2>Your rights</h2>
      <p>
        Under India&rsquo;s Digital Personal Data Protection Act, 2023, you can ask us for a summary of the personal
        data we hold about you, ask us to correct or complete it, ask us to erase it, and withdraw consent you have
        given. You can also name someone to exercise these rights for you. To do any of this, or to raise a
        grievance, write to us from the <Link to="/contact-us">Contact Us</Link> page. We will reply as soon
        as we can, and always within the time the law allows. If you are not satisfied with our answer you may complain to the Data Protection Board of India.
      </p>

      <h2>Changes</h2>
      <p>
        When this policy changes we will update the date at the top of this page, and for important changes we will
        tell signed-in users on the site.
      </p>
    </ContentPage>
  );
}
